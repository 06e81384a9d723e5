import 'reflect-metadata';
import { runApi } from '@domestique/common';
import { billingService } from './service.js';

await runApi(billingService);
