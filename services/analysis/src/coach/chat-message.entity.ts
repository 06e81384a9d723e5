import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One exchange with the coach: the rider's message and the coach's answer. */
@Entity({ name: 'chat_messages' })
@Index('idx_chat_messages_user_created', ['userId', 'createdAt', 'id'])
export class ChatMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('text')
  message!: string;

  @Column('text')
  response!: string;

  /** who answered: 'engine' or 'openai' */
  @Column('text')
  provider!: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 6 })
  createdAt!: Date;
}
