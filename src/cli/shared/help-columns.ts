/** Rows of help as two columns, the left one padded to its widest cell; a `\n` in the right one goes on under it. */
export const columns = (rows: readonly (readonly [string, string])[], indent = '  '): string[] => {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  const under = `\n${' '.repeat(indent.length + width + 2)}`;
  return rows.map(([left, right]) =>
    `${indent}${left.padEnd(width)}  ${right.replaceAll('\n', under)}`.trimEnd(),
  );
};
