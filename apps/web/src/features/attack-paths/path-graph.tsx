import '@xyflow/react/dist/style.css';
import { Background, Controls, type Edge, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import { Badge, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { AttackPathStep } from '@burgwall/shared';
import { NODE_KIND_LABEL } from './node-kinds';

const NODE_WIDTH = 220;
/** Vertical distance between two nodes: room for the edge's label, readable at zoom 1 on a laptop and a phone. */
const ROW = 120;

/**
 * One attack path drawn as a chain from the principal (top) to the Tier-0 object (bottom, red); each arrow carries
 * the right it stands for. Loaded lazily: the drawing library is only needed on this page.
 */
export default function PathGraph({ steps }: { steps: readonly AttackPathStep[] }) {
  // The view is fitted once when it mounts: a new width (phone turned, window resized) mounts it anew.
  const { ref, width } = useElementSize();
  const chain = steps.length > 0 ? [steps[0]!.from, ...steps.map((step) => step.to)] : [];
  const nodes: Node[] = chain.map((node, i) => {
    const target = i === chain.length - 1;
    return {
      id: `${i}`,
      position: { x: 0, y: i * ROW },
      draggable: true,
      connectable: false,
      data: {
        label: (
          <Stack gap={2} align="center">
            <Badge size="xs" variant="light" color={target ? 'red' : i === 0 ? 'orange' : 'gray'}>
              {target ? 'Tier 0' : NODE_KIND_LABEL[node.kind]}
            </Badge>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {node.name}
            </Text>
          </Stack>
        ),
      },
      style: {
        width: NODE_WIDTH,
        borderRadius: 10,
        border: `2px solid var(--mantine-color-${target ? 'red-6' : i === 0 ? 'orange-5' : 'gray-4'})`,
        background: target ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-body)',
      },
    };
  });
  const edges: Edge[] = steps.map((step, i) => ({
    id: `e${i}`,
    source: `${i}`,
    target: `${i + 1}`,
    label: step.label,
    labelStyle: { fontSize: 12, fontWeight: 500 },
    labelBgPadding: [6, 4],
    labelBgBorderRadius: 4,
    markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
    style: { strokeWidth: 2 },
    animated: i === steps.length - 1,
  }));
  return (
    <div ref={ref} style={{ height: chain.length * ROW + 20, width: '100%' }} data-testid="path-graph">
      <ReactFlow key={Math.round(width / 40)} nodes={nodes} edges={edges} fitView fitViewOptions={{ padding: 0.1, maxZoom: 1 }} nodesConnectable={false} minZoom={0.2} preventScrolling={false}>
        <Background gap={18} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
