export function parseCaret(range: string | undefined): { major: number; minor: number; patch: number };
export function nodeVersionProblem(version: string, range?: string): string | null;
export function requireProjectNode(): void;
