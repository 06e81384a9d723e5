import 'reflect-metadata';
import { runApi } from '@domestique/common';
import { authService } from './service.js';

await runApi(authService);
