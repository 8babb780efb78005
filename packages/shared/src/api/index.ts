export * from './common';
export * from './problem';
export * from './clients';
