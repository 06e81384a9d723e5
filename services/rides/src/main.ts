import 'reflect-metadata';
import { runApi } from '@domestique/common';
import { ridesService } from './service.js';

await runApi(ridesService);
