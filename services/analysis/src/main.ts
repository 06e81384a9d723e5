import 'reflect-metadata';
import { runApi } from '@domestique/common';
import { analysisService } from './service.js';

await runApi(analysisService);
