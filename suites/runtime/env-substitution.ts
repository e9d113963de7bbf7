/**
 * `${NAME}` and `${NAME:-default}` in a profile, replaced from the environment before the file is
 * parsed, so that tokens stay out of files. As in the shell, the default also applies to a variable
 * that is set but empty. Comment lines are left alone: a commented-out secret must not be required.
 */

const reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface Substitution {
  text: string;
  /** One entry per unresolved reference: "NAME (line 3)". */
  missing: string[];
}

export function substituteEnv(text: string, env: Record<string, string | undefined>): Substitution {
  const missing: string[] = [];
  const lines = text.split('\n').map((line, index) => {
    if (line.trimStart().startsWith('#')) return line;
    return line.replace(reference, (whole, name: string, fallback: string | undefined) => {
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      if (value === '') return value;
      missing.push(`${name} (line ${index + 1})`);
      return whole;
    });
  });
  return { text: lines.join('\n'), missing };
}
