/**
 * The explicit list of checks. Each check lives in its own file under
 * `checks/`; adding one means importing it here (issue 5 fills the list).
 */
export interface CheckDefinition {
  slug: string;
  title: string;
}

export const checkRegistry: readonly CheckDefinition[] = [];
