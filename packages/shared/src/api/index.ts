export * from './common';
export * from './problem';
export * from './clients';
export * from './providers';
export * from './team';
export * from './users';
