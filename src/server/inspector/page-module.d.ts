// The inspector page, imported as text (tsup's text loader; vitest.config.ts does the same).
declare module '*.html' {
  const text: string;
  export default text;
}
