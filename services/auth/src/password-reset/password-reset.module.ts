import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetTokenEntity } from './password-reset-token.entity.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetResolver } from './password-reset.resolver.js';
import { PasswordResetService } from './password-reset.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetTokenEntity]), UsersModule, MailModule, ThrottlingModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetTokensRepository, PasswordResetService, PasswordResetResolver],
})
export class PasswordResetModule {}
