import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type GraphQLArmorConfig = NonNullable<Parameters<typeof EnvelopArmorPlugin>[0]>;

/**
 * Limits every GraphQL operation before a resolver runs, so one request cannot stall the server for every tenant
 * (penetration test: ten aliased `explorer` calls took 23.9 s). The numbers leave room for every query the web app
 * sends (`armor.test.ts` checks them all) and little more.
 */
export const GRAPHQL_LIMITS = {
  maxAliases: 5,
  maxDepth: 8,
  maxCost: 3_000,
  maxTokens: 800,
  maxDirectives: 10,
} as const;

/** Answer to an operation over the token limit on the WebSocket path (graphql's own parser message is English). */
export const ARMOR_TOO_LARGE = 'Die GraphQL-Anfrage ist zu groß. Bitte teilen Sie sie in kleinere Anfragen auf.';

const refused = (what: string) => `Die GraphQL-Anfrage ist zu groß: ${what}. Bitte teilen Sie sie in kleinere Anfragen auf.`;

export const ARMOR_CONFIG: GraphQLArmorConfig = {
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases, exposeLimits: false, errorMessage: refused(`mehr als ${GRAPHQL_LIMITS.maxAliases} Aliase`) },
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, exposeLimits: false, errorMessage: refused(`tiefer als ${GRAPHQL_LIMITS.maxDepth} Ebenen`), flattenFragments: true, ignoreIntrospection: false },
  costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, exposeLimits: false, errorMessage: refused('zu aufwendig') },
  maxTokens: { n: GRAPHQL_LIMITS.maxTokens, exposeLimits: false, errorMessage: refused(`mehr als ${GRAPHQL_LIMITS.maxTokens} Bestandteile`) },
  maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: false, errorMessage: refused(`mehr als ${GRAPHQL_LIMITS.maxDirectives} Direktiven`) },
  blockFieldSuggestion: { enabled: true },
};

/** The armor for graphql-yoga (HTTP), its refusals without graphql's English "Syntax Error:" prefix. */
export const graphqlArmorPlugins = (): Plugin[] => [
  EnvelopArmorPlugin(ARMOR_CONFIG),
  {
    onResultProcess: ({ result, setResult }) => {
      if (!Array.isArray(result) && 'errors' in result && result.errors?.length) {
        setResult({ ...result, errors: germanArmorErrors(result.errors) });
      }
    },
  },
];

/** graphql-armor reports its refusals as syntax errors; the German text stands on its own. */
export function germanArmorErrors(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((error) =>
    error.message.startsWith('Syntax Error: Die GraphQL-Anfrage') ? new GraphQLError(error.message.replace(/^Syntax Error: /, '')) : error,
  );
}

/**
 * The same limits as validation rules, for the WebSocket path (graphql-ws validates itself, without envelop). Like in
 * the plugin they throw their GraphQLError on the first refusal (`validateWithArmor` turns it into a result).
 */
export function armorValidationRules(): ValidationRule[] {
  return [
    maxAliasesRule(ARMOR_CONFIG.maxAliases),
    maxDepthRule(ARMOR_CONFIG.maxDepth),
    costLimitRule(ARMOR_CONFIG.costLimit),
    maxDirectivesRule(ARMOR_CONFIG.maxDirectives),
  ];
}

/** German error of an operation that ran out of time (resolvers already running finish unobserved). */
export const operationTimedOut = (limitMs: number) =>
  new GraphQLError(`Die GraphQL-Anfrage hat länger als ${Math.round(limitMs / 1000)} Sekunden gedauert und wurde abgebrochen. Bitte schränken Sie sie ein.`, {
    extensions: { code: 'TIME_LIMIT', http: { status: 503 } },
  });

/**
 * Ends an operation that takes longer than `limitMs` with a German error, so a slow query holds one answer, not the
 * caller's connection and a worker for minutes.
 */
export function operationTimeLimitPlugin(limitMs: number): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(async (args) => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<{ errors: GraphQLError[] }>((resolve) => {
          timer = setTimeout(() => resolve({ errors: [operationTimedOut(limitMs)] }), limitMs);
        });
        try {
          return await Promise.race([executeFn(args), timedOut]);
        } finally {
          clearTimeout(timer);
        }
      });
    },
  };
}

/** graphql's validation with the armor rules; a refusal comes back as German errors instead of being thrown. */
export function validateWithArmor(validateFn: () => readonly GraphQLError[]): GraphQLError[] {
  try {
    return germanArmorErrors(validateFn());
  } catch (error) {
    if (error instanceof GraphQLError) return germanArmorErrors([error]);
    throw error;
  }
}
