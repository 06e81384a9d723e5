import 'reflect-metadata';
import { runWorker } from '@domestique/common';
import { analysisService } from './service.js';

await runWorker(analysisService);
