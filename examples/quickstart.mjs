// @ts-check
// Quickstart: read a customer, add points, read the history back.
// Run: node examples/quickstart.mjs (starts an embedded reference server unless
// LOYALTY_BASE_URL and LOYALTY_API_KEY point at a service).
import assert from 'node:assert/strict';
import { LoyaltyClient } from 'loyalty-sdk';
import { target } from './lib/target.mjs';

const { baseUrl, apiKey, embedded, close } = await target();
console.log(embedded ? `Started the reference server at ${baseUrl}` : `Using ${baseUrl}`);

const client = new LoyaltyClient({ apiKey, baseUrl });
try {
  const niveles = await client.configuracion.niveles.list();
  assert.ok(niveles.length > 0, 'the program has levels');
  console.log(
    `Levels: ${niveles.map((nivel) => `${nivel.nombre} (from ${nivel.puntosMinimos})`).join(', ')}`,
  );

  const nuevo = await client.clientes.create({
    usuarioData: { nombre: 'Ana', apellido: 'Pérez', email: 'ana.perez@example.com' },
  });
  assert.equal(typeof nuevo.uid, 'string');
  console.log(`Created customer ${nuevo.uid} with ${nuevo.puntos} points, level ${nuevo.nivel}`);

  const { data: movimiento, idempotencyKey } = await client.clientes.puntos
    .add(nuevo.uid, { puntos: 250, motivo: 'Welcome bonus' })
    .withResponse();
  assert.equal(movimiento.saldo, nuevo.puntos + 250);
  assert.ok(idempotencyKey, 'a write always carries an Idempotency-Key');
  console.log(`Added 250 points (Idempotency-Key ${idempotencyKey}); balance now ${movimiento.saldo}`);

  const nivel = await client.clientes.nivel.recalculate(nuevo.uid);
  console.log(`Level recalculated: ${nivel.nivelAnterior} -> ${nivel.nivel}`);

  const historial = await client.clientes.puntos.list(nuevo.uid);
  assert.equal(historial.at(-1)?.movimientoId, movimiento.movimientoId);
  console.log(`History of ${nuevo.uid}:`);
  for (const entry of historial) {
    console.log(
      `  ${entry.fecha}  ${entry.puntos > 0 ? '+' : ''}${entry.puntos}  ${entry.motivo ?? ''}  balance ${entry.saldo}`,
    );
  }
  console.log('Quickstart done.');
} finally {
  await close();
}
