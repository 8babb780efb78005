import { createElement } from 'react';
import { blockComponent } from './block-registry';
import type { ContentBlock } from './content-types';
import { editableAttributes } from './editable';

const reported = new Set<string>();

/** Renders a block by its component name; an unknown component logs an error naming the block (SPEC §8). */
export function BlockRenderer({ block }: { block: ContentBlock }) {
  const Component = blockComponent(block.component);
  if (!Component) {
    const key = `${block.component}:${block._uid}`;
    if (!reported.has(key)) {
      reported.add(key);
      console.error(`Content-Komponente "${block.component}" ist nicht registriert (Block ${block._uid})`);
    }
    return null;
  }
  // The registry holds stable module-level components (looked up, not created, per render).
  const element = createElement(Component, { block });
  const attributes = editableAttributes(block);
  if (Object.keys(attributes).length === 0) return element;
  return <div {...attributes}>{element}</div>;
}

/** A list of blocks (a `bloks` field); anything that is not a block is skipped. */
export function Blocks({ blocks }: { blocks: unknown }) {
  if (!Array.isArray(blocks)) return null;
  return (
    <>
      {blocks
        .filter((item): item is ContentBlock => typeof item === 'object' && item !== null && 'component' in item)
        .map((block) => (
          <BlockRenderer key={block._uid} block={block} />
        ))}
    </>
  );
}
