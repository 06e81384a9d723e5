import {
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, Tiers, type CurrentUserInfo } from '@domestique/common';
import {
  PlanMessages,
  WorkoutDateParam,
  WorkoutExportMessages,
  WorkoutExportQuery,
  type CalendarFeedDto,
  type CalendarFeedStatusDto,
} from '@domestique/proto';

/** Exports and the feed's reset are Elite's, refused before their input is read. */
const EliteOnly = () => Tiers(['elite'], WorkoutExportMessages.requiresElite);
import { WorkoutExportService, type ExportedFile } from './workout-export.service.js';

const download = (file: ExportedFile, disposition: 'attachment' | 'inline'): StreamableFile =>
  new StreamableFile(file.body, {
    type: file.contentType,
    disposition: `${disposition}; filename="${file.fileName}"`,
    length: file.body.length,
  });

/**
 * Issue 23: the day's session as a .zwo, .fit, .erg or .mrc file and the rider's iCalendar feed
 * (Elite; the feed itself is read with its secret alone).
 */
@Controller('api/training')
export class WorkoutExportController {
  constructor(private readonly exports: WorkoutExportService) {}

  @Get('workouts/:date/export')
  @Access('user')
  @EliteOnly()
  @Header('Cache-Control', 'private, no-store')
  async export(
    @CurrentUser() user: CurrentUserInfo,
    @Param('date') date: string,
    @Query() query: Record<string, unknown>,
  ): Promise<StreamableFile> {
    const day = parseOrThrow(WorkoutDateParam, date);
    const { format, tz } = parseOrThrow(WorkoutExportQuery, query);
    return download(await this.exports.export(user.userId, user.tier, day, format, tz), 'attachment');
  }

  @Get('calendar-feed')
  @Access('user')
  @EliteOnly()
  @Header('Cache-Control', 'private, no-store')
  calendarFeedStatus(@CurrentUser() user: CurrentUserInfo): Promise<CalendarFeedStatusDto> {
    return this.exports.calendarFeedStatus(user.userId, user.tier);
  }

  @Delete('calendar-feed')
  @Access('user')
  @EliteOnly()
  @HttpCode(204)
  stopCalendarFeed(@CurrentUser() user: CurrentUserInfo): Promise<void> {
    return this.exports.stopCalendarFeed(user.userId, user.tier);
  }

  @Post('calendar-feed')
  @Access('user')
  @EliteOnly()
  @HttpCode(200)
  resetCalendarFeed(@CurrentUser() user: CurrentUserInfo): Promise<CalendarFeedDto> {
    return this.exports.resetCalendarFeed(user.userId, user.tier);
  }

  /** Calendar apps send no session: the secret in the path is the credential. */
  @Get('calendar-feed/:file')
  @Access('anyone')
  @Header('Cache-Control', 'private, max-age=900')
  @Header('Referrer-Policy', 'no-referrer')
  async calendarFeed(@Param('file') file: string): Promise<StreamableFile> {
    return download(await this.exports.calendarFeed(file), 'inline');
  }
}

/** Issue 23: a session of the rider's training plan as a workout file (Elite). */
@Controller('api/plans/current/sessions')
@Tiers(['elite'], PlanMessages.requiresElite)
export class PlanSessionExportController {
  constructor(private readonly exports: WorkoutExportService) {}

  @Get(':id/export')
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  async export(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<StreamableFile> {
    const { format } = parseOrThrow(WorkoutExportQuery, query);
    return download(await this.exports.exportPlanSession(user.userId, user.tier, id, format), 'attachment');
  }
}
