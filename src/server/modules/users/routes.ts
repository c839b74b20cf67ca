import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import {
  changePasswordBody,
  createUserBody,
  billingAnswer,
  profileAnswer,
  profileBody,
  publicUser,
  updateUserBody,
  userList,
} from '#shared/schemas/account.ts';
import { addressBody, addressList } from '#shared/schemas/addresses.ts';
import { idParam, messageBody } from '#shared/schemas/common.ts';
import type { AppContext } from '../../platform/context.ts';
import { adminOnly, guardedUser, signedIn } from '../../platform/guards.ts';
import * as book from './addresses.ts';
import * as admin from './admin-users.ts';
import * as profile from './profile.ts';

export const userRoutes =
  ({ db, config }: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];

    app.get('/user/profile', { config: signedIn, schema: { tags, response: { 200: publicUser } } }, async (request) =>
      profile.getProfile(db, guardedUser(request).id),
    );

    app.get('/user/billing', { config: signedIn, schema: { tags, response: { 200: billingAnswer } } }, async (request) =>
      profile.getBilling(db, guardedUser(request).id),
    );

    app.put('/user/profile', { config: signedIn, schema: { tags, body: profileBody, response: { 200: profileAnswer } } }, async (request) =>
      profile.updateProfile(db, config.publicUrl, guardedUser(request).id, request.body),
    );

    app.post(
      '/user/change-password',
      { config: signedIn, schema: { tags, body: changePasswordBody, response: { 200: messageBody } } },
      async (request) => {
        const user = guardedUser(request);
        await profile.changePassword(db, user.id, user.tokenHash, request.body);
        return { message: messages.passwordChanged };
      },
    );

    // The signed-in customer's address book; each answer is the whole book, in its order.
    const mine = { config: signedIn, schema: { tags, response: { 200: addressList } } } as const;
    app.get('/user/addresses', mine, async (request) => book.listAddresses(db, guardedUser(request).id));

    app.post('/user/addresses', { ...mine, schema: { ...mine.schema, body: addressBody } }, async (request) =>
      book.createAddress(db, guardedUser(request).id, request.body),
    );

    app.put('/user/addresses/:id', { ...mine, schema: { ...mine.schema, params: idParam, body: addressBody } }, async (request) =>
      book.updateAddress(db, guardedUser(request).id, request.params.id, request.body),
    );

    app.delete('/user/addresses/:id', { ...mine, schema: { ...mine.schema, params: idParam } }, async (request) =>
      book.deleteAddress(db, guardedUser(request).id, request.params.id),
    );

    app.get('/user', { config: adminOnly, schema: { tags, response: { 200: userList } } }, async () => admin.listUsers(db));

    app.get('/user/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: publicUser } } }, async (request) =>
      admin.getUser(db, request.params.id),
    );

    app.post('/user', { config: adminOnly, schema: { tags, body: createUserBody, response: { 201: publicUser } } }, async (request, reply) =>
      reply.status(201).send(await admin.createUser(db, request.body)),
    );

    app.put(
      '/user/:id',
      { config: adminOnly, schema: { tags, params: idParam, body: updateUserBody, response: { 200: publicUser } } },
      async (request) => admin.updateUser(db, guardedUser(request).id, request.params.id, request.body),
    );

    app.delete('/user/:id', { config: adminOnly, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (request) => {
      await admin.deleteUser(db, guardedUser(request).id, request.params.id);
      return { message: messages.userDeleted };
    });
  };
