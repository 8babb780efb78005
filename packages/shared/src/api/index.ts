export * from './common';
export * from './problem';
export * from './clients';
export * from './ioe';
export * from './ioa';
export * from './entra';
