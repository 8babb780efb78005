import { builder } from './builder';
import './tenant-types';
import './change-types';
import './ioa-types';
import './explorer-types';
import './admin-ioa-types';

builder.queryType({});

/** The GraphQL schema (queries of SPEC §7, change history, security log, explorer; IoA subscription). */
export const graphqlSchema = builder.toSchema();
