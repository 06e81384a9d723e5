import 'reflect-metadata';
import { runWorker } from '@domestique/common';
import { authService } from './service.js';

await runWorker(authService);
