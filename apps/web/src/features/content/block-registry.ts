import type { ComponentType } from 'react';
import type { ContentBlock } from './content-types';

export type BlockComponent = ComponentType<{ block: ContentBlock }>;

/** Block components by content component name; blocks/index.ts fills it. */
const registry = new Map<string, BlockComponent>();

export function registerBlocks(components: Record<string, BlockComponent>): void {
  for (const [name, component] of Object.entries(components)) registry.set(name, component);
}

export function blockComponent(name: string): BlockComponent | undefined {
  return registry.get(name);
}
