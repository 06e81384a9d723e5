// @domestique/rides/testing: what other projects' tests may use of this service (package.json "exports").
// Its definition, so a system test can start its worker in-process and read its routes' metadata.
export { ridesService } from '../service.js';
