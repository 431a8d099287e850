/** Null when `version` satisfies the ">=X.Y.Z" `range`, else the message for the operator. */
export function nodeVersionProblem(range: string, version: string): string | null;
