import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RidesModule } from '../rides/rides.module.js';
import { ArchiveChunkEntity } from './archive-chunk.entity.js';
import { ArchiveImportEntity } from './archive-import.entity.js';
import { ArchiveImportProcessor } from './archive-import.processor.js';
import { ArchiveImportsRepository } from './archive-imports.repository.js';
import { RideFileEntity } from './ride-file.entity.js';
import { RideFilesRepository } from './ride-files.repository.js';
import { UploadController } from './upload.controller.js';
import { UploadService } from './upload.service.js';

/**
 * Issue 21: uploading FIT, GPX and TCX files (parsed in the request) and archives (imported by the
 * worker), with duplicate detection against the rider's rides and the original files kept.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RideFileEntity, ArchiveImportEntity, ArchiveChunkEntity]), RidesModule],
  controllers: [UploadController],
  providers: [UploadService, RideFilesRepository, ArchiveImportsRepository, ArchiveImportProcessor],
  exports: [ArchiveImportsRepository],
})
export class UploadModule {}
