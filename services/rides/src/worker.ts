import 'reflect-metadata';
import { runWorker } from '@domestique/common';
import { ridesService } from './service.js';

await runWorker(ridesService);
