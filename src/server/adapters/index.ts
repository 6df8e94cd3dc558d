/**
 * The engine behind node:http (the reference server), behind an undici Dispatcher (the in-process
 * test client), and how each delivers an injected fault. May use every server wing below it.
 */
export { EngineDispatcher } from './engine-dispatcher.js';
export { createNodeListener } from './node-listener.js';
export { createReferenceServer, serveEngine } from './reference-server.js';
export { createTestClient } from './test-client.js';
