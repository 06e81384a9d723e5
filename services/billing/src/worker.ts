import 'reflect-metadata';
import { runWorker } from '@domestique/common';
import { billingService } from './service.js';

await runWorker(billingService);
