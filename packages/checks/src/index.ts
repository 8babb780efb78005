export { type CheckDefinition, checkRegistry } from './registry';
