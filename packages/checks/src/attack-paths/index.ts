export { buildControlGraph, type ControlGraph, type ControlGraphOptions, type NodeKind } from './control-graph';
export { analyseAttackPaths, describePath, type AttackPathResult, type BestCut, type PathNode, type PathStep, type PrincipalPath } from './analyse';
export { EDGE_TEXT, EDGE_TYPES, type EdgeType } from './edge-types';
export { attackPathLookup } from './lookup';
