import { describe, expect, it } from 'vitest';
import { nounWords } from './record-noun.ts';

describe('nounWords', () => {
  it('speaks of a masculine kind', () => {
    const words = nounWords({ one: 'método de envio', many: 'métodos de envio', list: 'shipping' });
    expect(words).toEqual({
      create: 'Novo método de envio',
      createAbout: 'Criar um novo método de envio.',
      edit: 'Editar método de envio',
      editAbout: 'Editar o método de envio.',
      loadingOne: 'A carregar método de envio...',
      loadingMany: 'A carregar os métodos de envio...',
      loadManyError: 'Erro ao carregar os métodos de envio.',
      backToList: 'Voltar à lista de métodos de envio',
      saveError: 'Erro ao guardar o método de envio.',
      saved: 'Método de envio guardado.',
      created: 'Método de envio criado.',
      remove: 'Eliminar método de envio',
      removeError: 'Erro ao eliminar o método de envio.',
    });
  });

  it('agrees with a feminine kind', () => {
    const words = nounWords({ one: 'coleção', many: 'coleções', feminine: true, list: 'collections' });
    expect([words.create, words.createAbout, words.editAbout, words.loadingMany, words.saved, words.created, words.removeError]).toEqual([
      'Nova coleção',
      'Criar uma nova coleção.',
      'Editar a coleção.',
      'A carregar as coleções...',
      'Coleção guardada.',
      'Coleção criada.',
      'Erro ao eliminar a coleção.',
    ]);
  });
});
