import type { OperationId } from '../operations/rows.js';
import type * as Params from '../operations/types.generated.js';
import type { DataOf } from '../types.js';
import type { APIPromise } from './api-promise.js';
import type { ReadRequestOptions, RequestOptions } from './options.js';
import type { OperationInput } from './prepare.js';
import type { QueryArgs } from './query-args.js';

/** Sends one operation; resources only name the operation and pass their arguments through. */
export type SendOperation = <Id extends OperationId>(
  id: Id,
  input: OperationInput,
  options: RequestOptions | undefined,
) => APIPromise<DataOf<Id>>;

export class TareasResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** GET /tareas (tareas:read) */
  list(options?: ReadRequestOptions) {
    return this.call('tareas.list', {}, options);
  }

  /** POST /tareas/{tareaId}/status (tareas:write) */
  setStatus(tareaId: number, body: Params.TareaStatusParams, options?: RequestOptions) {
    return this.call('tareas.setStatus', { params: { tareaId }, body }, options);
  }
}

export class ClientesPuntosResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /clientes/{uid}/puntos (puntos:write, Idempotency-Key) */
  add(uid: string, body: Params.PuntosAddParams, options?: RequestOptions) {
    return this.call('clientes.puntos.add', { params: { uid }, body }, options);
  }

  /** GET /clientes/{uid}/puntos (puntos:read) */
  list(uid: string, options?: ReadRequestOptions) {
    return this.call('clientes.puntos.list', { params: { uid } }, options);
  }
}

export class ClientesNotificacionesResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /clientes/{uid}/notificaciones (notificaciones:write, Idempotency-Key) */
  send(uid: string, body: Params.NotificacionSendParams, options?: RequestOptions) {
    return this.call('clientes.notificaciones.send', { params: { uid }, body }, options);
  }
}

export class ClientesNivelResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /clientes/{uid}/nivel/recalcular (niveles:write) */
  recalculate(uid: string, options?: RequestOptions) {
    return this.call('clientes.nivel.recalculate', { params: { uid } }, options);
  }
}

export class ClientesResource {
  readonly puntos: ClientesPuntosResource;
  readonly notificaciones: ClientesNotificacionesResource;
  readonly nivel: ClientesNivelResource;

  /** @internal */
  constructor(private readonly call: SendOperation) {
    this.puntos = new ClientesPuntosResource(call);
    this.notificaciones = new ClientesNotificacionesResource(call);
    this.nivel = new ClientesNivelResource(call);
  }

  /** POST /clientes (clientes:write, Idempotency-Key) */
  create(body: Params.ClienteCreateParams, options?: RequestOptions) {
    return this.call('clientes.create', { body }, options);
  }

  /** GET /clientes/{uid} (clientes:read) */
  retrieve(uid: string, ...[query, options]: QueryArgs<Params.ClienteRetrieveParams, ReadRequestOptions>) {
    return this.call('clientes.retrieve', { params: { uid }, query: query ?? {} }, options);
  }

  /** PATCH /clientes/{uid} (clientes:write, Idempotency-Key): changes only the fields sent. */
  update(uid: string, fields: Params.ClienteUpdateParams, options?: RequestOptions) {
    return this.call('clientes.update', { params: { uid }, body: fields }, options);
  }
}

export class ConfiguracionNivelesResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** GET /configuracion/niveles (niveles:read) */
  list(options?: ReadRequestOptions) {
    return this.call('configuracion.niveles.list', {}, options);
  }
}

export class ConfiguracionResource {
  readonly niveles: ConfiguracionNivelesResource;

  /** @internal */
  constructor(call: SendOperation) {
    this.niveles = new ConfiguracionNivelesResource(call);
  }
}

export class GruposPuntosResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /grupos/{grupoId}/puntos (puntos:write, Idempotency-Key). Send `dryRun: true` first. */
  add(grupoId: number, body: Params.GrupoPuntosAddParams, options?: RequestOptions) {
    return this.call('grupos.puntos.add', { params: { grupoId }, body }, options);
  }
}

export class GruposEtiquetasResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /grupos/{grupoId}/etiquetas (clientes:write, Idempotency-Key). Send `dryRun: true` first. */
  add(grupoId: number, body: Params.GrupoEtiquetaAddParams, options?: RequestOptions) {
    return this.call('grupos.etiquetas.add', { params: { grupoId }, body }, options);
  }
}

export class GruposNombreResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** POST /grupos/{grupoId}/nombre (segmentos:write) */
  set(grupoId: number, body: Params.GrupoNombreSetParams, options?: RequestOptions) {
    return this.call('grupos.nombre.set', { params: { grupoId }, body }, options);
  }
}

export class GruposResource {
  readonly puntos: GruposPuntosResource;
  readonly etiquetas: GruposEtiquetasResource;
  readonly nombre: GruposNombreResource;

  /** @internal */
  constructor(call: SendOperation) {
    this.puntos = new GruposPuntosResource(call);
    this.etiquetas = new GruposEtiquetasResource(call);
    this.nombre = new GruposNombreResource(call);
  }
}

export class PromocionesCuponesResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** GET /promociones/{regaloId}/cupones (promociones:read) */
  list(regaloId: number, ...[query, options]: QueryArgs<Params.CuponesListParams, ReadRequestOptions>) {
    return this.call('promociones.cupones.list', { params: { regaloId }, query }, options);
  }
}

export class PromocionesResource {
  readonly cupones: PromocionesCuponesResource;

  /** @internal */
  constructor(private readonly call: SendOperation) {
    this.cupones = new PromocionesCuponesResource(call);
  }

  /** GET /promociones (promociones:read) */
  list(...[query, options]: QueryArgs<Params.PromocionesListParams, ReadRequestOptions>) {
    return this.call('promociones.list', { query: query ?? {} }, options);
  }

  /** POST /promociones/{regaloId}/status (promociones:write) */
  setStatus(regaloId: number, body: Params.PromocionStatusParams, options?: RequestOptions) {
    return this.call('promociones.setStatus', { params: { regaloId }, body }, options);
  }
}

export class ReportesCatalogoResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** GET /reportes/catalogo (reportes:read) */
  retrieve(options?: ReadRequestOptions) {
    return this.call('reportes.catalogo.retrieve', {}, options);
  }
}

export class ReportesResource {
  readonly catalogo: ReportesCatalogoResource;

  /** @internal */
  constructor(call: SendOperation) {
    this.catalogo = new ReportesCatalogoResource(call);
  }
}

export class OpenapiResource {
  /** @internal */
  constructor(private readonly call: SendOperation) {}

  /** GET /openapi.json (no scope): the operations this key may execute. */
  retrieve(options?: ReadRequestOptions) {
    return this.call('openapi.retrieve', {}, options);
  }
}
