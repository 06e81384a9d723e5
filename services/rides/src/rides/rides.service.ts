import { Injectable } from '@nestjs/common';
import type { RideDto } from '@domestique/proto';
import { toRideDto } from './ride.mapper.js';
import { RidesRepository } from './rides.repository.js';

@Injectable()
export class RidesService {
  constructor(private readonly rides: RidesRepository) {}

  async list(userId: string): Promise<RideDto[]> {
    return (await this.rides.listForUser(userId)).map(toRideDto);
  }
}
