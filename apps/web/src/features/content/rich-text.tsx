import { Anchor, Code, List, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ipxUrl } from '../../lib/ipx-url';
import { BlockRenderer } from './block-renderer';
import type { ContentBlock, RichTextNode } from './content-types';
import { BlurUpImage, PLACEHOLDER_MODIFIERS } from './blur-up-image';
import { imageModifiers, imageOptionProblems, type RichTextImageOptions } from './rich-text-image';

function applyMarks(node: RichTextNode, children: ReactNode, key: number): ReactNode {
  return (node.marks ?? []).reduce<ReactNode>((inner, mark) => {
    switch (mark.type) {
      case 'bold':
        return <strong key={key}>{inner}</strong>;
      case 'italic':
        return <em key={key}>{inner}</em>;
      case 'code':
        return <Code key={key}>{inner}</Code>;
      case 'link': {
        const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '#';
        return href.startsWith('/') ? (
          <Anchor key={key} component={Link} to={href}>
            {inner}
          </Anchor>
        ) : (
          <Anchor key={key} href={href} target={mark.attrs?.target === '_blank' ? '_blank' : undefined} rel="noreferrer">
            {inner}
          </Anchor>
        );
      }
      default:
        return inner;
    }
  }, children);
}

interface RenderContext {
  imageOptions: RichTextImageOptions;
}

function renderNodes(nodes: RichTextNode[] | undefined, context: RenderContext): ReactNode {
  return (nodes ?? []).map((node, index) => <Fragment key={index}>{renderNode(node, index, context)}</Fragment>);
}

function renderImage(node: RichTextNode, context: RenderContext): ReactNode {
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  if (!src) return null;
  const problems = imageOptionProblems(context.imageOptions);
  if (problems.length > 0) console.error(`Ungültige Bildoptionen für ${src}: ${problems.join('; ')}`);
  const local = !/^https?:\/\//.test(src);
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  // Local images get a tiny blurred preview inlined as a data URL while the full image loads (lazy).
  return (
    <BlurUpImage
      src={local ? ipxUrl(src, imageModifiers(context.imageOptions)) : src}
      placeholder={local ? ipxUrl(src, PLACEHOLDER_MODIFIERS) : null}
      alt={alt}
      style={{ maxWidth: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

function renderNode(node: RichTextNode, key: number, context: RenderContext): ReactNode {
  switch (node.type) {
    case 'doc':
      return renderNodes(node.content, context);
    case 'paragraph':
      return (
        <Text mb="sm" lh={1.65}>
          {renderNodes(node.content, context)}
        </Text>
      );
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 2), 1), 6) as TitleOrder;
      return (
        <Title order={level} mt="lg" mb="xs">
          {renderNodes(node.content, context)}
        </Title>
      );
    }
    case 'bullet_list':
    case 'ordered_list':
      return (
        <List type={node.type === 'ordered_list' ? 'ordered' : 'unordered'} mb="sm" spacing={4}>
          {renderNodes(node.content, context)}
        </List>
      );
    case 'list_item':
      return <List.Item>{(node.content ?? []).map((child, index) => <Fragment key={index}>{renderNodes(child.content, context)}</Fragment>)}</List.Item>;
    case 'hard_break':
      return <br />;
    case 'horizontal_rule':
      return <hr />;
    case 'image':
      return renderImage(node, context);
    case 'blok':
      return ((node.attrs?.body as ContentBlock[] | undefined) ?? []).map((block) => <BlockRenderer key={block._uid} block={block} />);
    case 'text':
      return applyMarks(node, node.text ?? '', key);
    default:
      console.error(`Unbekannter Rich-Text-Knoten "${node.type}"`);
      return null;
  }
}

/** Storyblok rich text with Mantine typography; images go through /_ipx with the SPEC §5 options. */
export function RichText({ doc, imageOptions = {} }: { doc: unknown; imageOptions?: RichTextImageOptions }) {
  if (typeof doc !== 'object' || doc === null) return null;
  return <>{renderNode(doc as RichTextNode, 0, { imageOptions })}</>;
}
