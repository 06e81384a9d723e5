import 'reflect-metadata';
import { runApi } from '@domestique/common';
import { adminService } from './service.js';

await runApi(adminService);
