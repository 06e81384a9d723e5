import 'reflect-metadata';
import { runWorker } from '@domestique/common';
import { adminService } from './service.js';

await runWorker(adminService);
