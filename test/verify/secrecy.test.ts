/**
 * No key and no record value in what a run gives back (issue 27, point 5): the result, its JSON,
 * the Markdown, the JUnit and the profile hold field names, types and counts only; `reproduce`
 * names identifiers from `samples` alone.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { renderJUnitReport, renderMarkdownReport, verifyService } from '../../src/verify/index.js';
import { BASE_URL, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

/** Every string value in a JSON value (into `values`), and every key (into `keys`). */
function strings(value: unknown, values: Set<string>, keys: Set<string>): void {
  if (typeof value === 'string') values.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, values, keys);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      strings(item, values, keys);
    }
}

/** A run against a service whose reads differ (so there are findings to print), with the values its reads carried. */
async function runWithFindings() {
  const readValues = new Set<string>();
  const fieldNames = new Set<string>();
  const service = serviceUnderTest({
    override: async (request, _, answer) => {
      const response = await answer();
      if (request.method !== 'GET' || response.status !== 200 || request.path.endsWith('openapi.json'))
        return response;
      const envelope = JSON.parse(response.body);
      // A field the SDK lacks, a changed type, a null: findings whose values must not be printed.
      if (envelope.data && !Array.isArray(envelope.data)) {
        envelope.data.codigoInterno = 'Secreto-Interno-7781';
        if (typeof envelope.data.nivel === 'string') envelope.data.nivel = 7;
      }
      strings(envelope.data, readValues, fieldNames);
      return { ...response, body: JSON.stringify(envelope) };
    },
  });
  const uid = service.engine.admin.createCustomer({
    nombre: 'Zenobia',
    apellido: 'Quintanilla-Secreta',
    email: 'zenobia.quintanilla@example.org',
    telefono: '+57 300 555 0199',
    ciudad: 'Villasecreta',
    numId: '99887766',
    etiquetas: ['cliente-oculto'],
    puntos: 4321,
  });
  const grupoId = service.engine.admin.createGroup({ uids: [uid] });
  const samples = { uid: [uid], grupoId: [grupoId] };
  const result = await verifyService({
    baseUrl: BASE_URL,
    apiKey: SERVICE_KEY,
    samples,
    maxRequestsPerSecond: 1_000,
    dispatcher: service.dispatcher,
  });
  // What the run sent itself (the period its probes asked for, in their query) is no record's.
  const sent = service.received.map((request) => `${request.query} ${request.body ?? ''}`).join('\n');
  return { result, readValues, fieldNames, samples, sent };
}

/**
 * Whether `text` holds `value` as a value: not as a piece of a longer name (the catalog's field id
 * `descargas` stands inside the dataset name `wallet_descargas`, which a finding's location names).
 */
const holds = (text: string, value: string): boolean =>
  new RegExp(`(?<![\\w])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(text);

describe('secrecy', () => {
  it('the key and the values the reads carried appear in no output; field names and types do', async () => {
    const { result, readValues, fieldNames, samples, sent } = await runWithFindings();
    expect(result.findings.length).toBeGreaterThan(0);
    const outputs = {
      json: JSON.stringify(result),
      markdown: renderMarkdownReport(result),
      junit: renderJUnitReport(result),
      profile: JSON.stringify(result.profile),
    };
    // Values a report may hold anyway: the samples the user gave; values that are also field names
    // of a record or of the SDK's document, or JSON type names (the report catalog lists field ids
    // and types); what the run sent (the period the probes asked for).
    const sdkNames = new Set<string>();
    strings(buildOpenApiDocument(), new Set(), sdkNames);
    const typeNames = ['string', 'number', 'integer', 'boolean', 'object', 'array'];
    const allowed = new Set<string>([...(samples.uid ?? []), ...fieldNames, ...sdkNames, ...typeNames]);
    const secrets = [...readValues].filter(
      (value) => value.length >= 5 && !allowed.has(value) && !holds(sent, value),
    );
    expect(secrets).toEqual(
      expect.arrayContaining([
        'zenobia.quintanilla@example.org',
        'Quintanilla-Secreta',
        'Villasecreta',
        'Secreto-Interno-7781',
      ]),
    );
    for (const [name, text] of Object.entries(outputs)) {
      expect(text, `${name} holds the key`).not.toContain(SERVICE_KEY);
      expect(
        secrets.filter((secret) => holds(text, secret)),
        `${name} holds record values`,
      ).toEqual([]);
    }
    expect(outputs.markdown).toContain('response.200.data.codigoInterno');
    expect(outputs.markdown).toContain('response.200.data.nivel');
  });

  it('reproduce: the key as $LOYALTY_API_KEY, path identifiers only from samples (or names of none)', async () => {
    const { result, samples } = await runWithFindings();
    const given = new Set([...(samples.uid ?? []), ...(samples.grupoId ?? []).map(String)]);
    const nowhere = new Set(['loyalty-verify-nonexistent', '2147483647']);
    for (const { reproduce } of result.findings) {
      expect(reproduce).toMatch(/^curl -sS -X (GET|POST|PATCH) '?https:\/\//);
      expect(reproduce).not.toContain(SERVICE_KEY);
      const path = /https:\/\/[^/]+\/ext\/v3([^?' ]*)/.exec(reproduce)?.[1] ?? '';
      const identifiers = path
        .split('/')
        .filter(
          (segment, index, all) =>
            /^(clientes|grupos|promociones|tareas)$/.test(all[index - 1] ?? '') && segment !== '',
        );
      for (const identifier of identifiers)
        expect(
          given.has(identifier) || nowhere.has(identifier) || /^\{\w+\}$/.test(identifier),
          identifier,
        ).toBe(true);
    }
    expect(result.findings.some(({ reproduce }) => reproduce.includes('-H "apikey: $LOYALTY_API_KEY"'))).toBe(
      true,
    );
  });

  it('an identifier an earlier read found is sent but shown as its placeholder', async () => {
    const { result } = await runWithFindings();
    // Not the read that shows the refusals' regaloId names nothing: that identifier is verify's own.
    const cupones = result.requests.filter(
      (request) =>
        request.purpose === 'read' &&
        request.path.includes('/cupones') &&
        !request.path.includes('/2147483647/'),
    );
    expect(cupones).toEqual([expect.objectContaining({ status: 200 })]);
    expect(cupones[0]?.path).toMatch(/^\/ext\/v3\/promociones\/\{regaloId\}\/cupones\?/);
  });
});
