import { describe, expect, it } from 'vitest';
import type { Tarea } from '../../src/types.js';
import { api, call, newEngine } from '../support/in-process-engine.js';

describe('tasks', () => {
  it('GET /tareas lists the tasks with tareaId, nombre and status', async () => {
    const { engine } = newEngine();
    const reply = await call<Tarea[]>(engine, 'GET', api('/tareas'));
    for (const task of reply.json.data ?? []) {
      expect(task).toMatchObject({
        tareaId: expect.any(Number),
        nombre: expect.any(String),
        status: expect.any(Number),
      });
    }
  });

  it.each([
    [1, 1],
    [1, 0],
    [0, 1],
    [0, 0],
  ])('a task with status %d set to %d has that status', async (before, status) => {
    const { engine } = newEngine();
    const tareaId = engine.admin.createTask({ nombre: 'Prueba', status: before as 0 | 1 });
    const reply = await call<Tarea>(engine, 'POST', api(`/tareas/${tareaId}/status`), { body: { status } });
    expect(reply.json.data).toMatchObject({ tareaId, status });
    const listed = (await call<Tarea[]>(engine, 'GET', api('/tareas'))).json.data?.find(
      (task) => task.tareaId === tareaId,
    );
    expect(listed?.status).toBe(status);
  });

  it("the body's nombre goes to the log and does not rename the task", async () => {
    const { engine } = newEngine();
    const reply = await call<Tarea>(engine, 'POST', api('/tareas/1/status'), {
      body: { status: 0, nombre: 'pausa de verano' },
    });
    expect(reply.json.data?.nombre).toBe('Bienvenida a nuevos clientes');
    expect(reply.json.data?.ultimoCambio).toMatchObject({ status: 0, nombre: 'pausa de verano' });
  });

  it('an unknown task is a 404', async () => {
    const { engine } = newEngine();
    expect((await call(engine, 'POST', api('/tareas/999/status'), { body: { status: 1 } })).status).toBe(404);
  });

  it('a status other than 0 or 1 is a 400', async () => {
    const { engine } = newEngine();
    expect((await call(engine, 'POST', api('/tareas/1/status'), { body: { status: 2 } })).status).toBe(400);
  });
});
