export * from './common';
export * from './problem';
export * from './clients';
export * from './auth';
export * from './consent';
export * from './content';
