import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import {
  changePasswordBody,
  createUserBody,
  profileAnswer,
  profileBody,
  publicUser,
  updateUserBody,
  userList,
} from '#shared/schemas/account.ts';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAdmin, requireUser } from '../../platform/guards.ts';
import * as admin from './admin-users.ts';
import * as profile from './profile.ts';

export const userRoutes =
  ({ db, config, jobs }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];

    app.get('/user/profile', { schema: { tags, response: { 200: publicUser } } }, async (request) =>
      profile.getProfile(db, requireUser(request).id),
    );

    app.put('/user/profile', { schema: { tags, body: profileBody, response: { 200: profileAnswer } } }, async (request) => {
      const answer = await profile.updateProfile(db, config.publicUrl, requireUser(request).id, request.body);
      jobs.kick();
      return answer;
    });

    app.post(
      '/user/change-password',
      { schema: { tags, body: changePasswordBody, response: { 200: messageBody } } },
      async (request) => {
        const user = requireUser(request);
        await profile.changePassword(db, user.id, user.tokenHash, request.body);
        return { message: messages.passwordChanged };
      },
    );

    app.get('/user', { schema: { tags, response: { 200: userList } } }, async (request) => {
      requireAdmin(request);
      return admin.listUsers(db);
    });

    app.get('/user/:id', { schema: { tags, params: idParam, response: { 200: publicUser } } }, async (request) => {
      requireAdmin(request);
      return admin.getUser(db, request.params.id);
    });

    app.post('/user', { schema: { tags, body: createUserBody, response: { 201: publicUser } } }, async (request, reply) => {
      requireAdmin(request);
      return reply.status(201).send(await admin.createUser(db, request.body));
    });

    app.put(
      '/user/:id',
      { schema: { tags, params: idParam, body: updateUserBody, response: { 200: publicUser } } },
      async (request) => admin.updateUser(db, requireAdmin(request).id, request.params.id, request.body),
    );

    app.delete('/user/:id', { schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await admin.deleteUser(db, requireAdmin(request).id, request.params.id);
      return { message: messages.userDeleted };
    });
  };
