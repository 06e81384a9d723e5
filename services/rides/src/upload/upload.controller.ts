import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { ArchiveImportsQuery, type ArchiveImportDto, type UploadResponseDto } from '@domestique/proto';
import type { Request } from 'express';
import { UploadService } from './upload.service.js';

/**
 * Issue 21: `POST /api/rides/upload` (multipart, field `files`), and the progress of archive imports
 * (`GET /api/rides/imports/{id}`, `GET /api/rides/imports?active=true`).
 */
@Controller('api/rides')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  /** 200 with one result per file, whatever each file's fate; 400 when the request itself is wrong. */
  @Post('upload')
  @Access('user')
  @HttpCode(200)
  upload(@CurrentUser() user: CurrentUserInfo, @Req() req: Request): Promise<UploadResponseDto> {
    return this.uploads.upload(user.userId, req);
  }

  @Get('imports')
  @Access('user')
  list(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<ArchiveImportDto[]> {
    const { active } = parseOrThrow(ArchiveImportsQuery, query);
    return this.uploads.listImports(user.userId, active === 'true');
  }

  @Get('imports/:id')
  @Access('user')
  find(@CurrentUser() user: CurrentUserInfo, @Param('id') id: string): Promise<ArchiveImportDto> {
    return this.uploads.findImport(user.userId, id);
  }
}
