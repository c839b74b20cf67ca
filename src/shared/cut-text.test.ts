import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text.ts';

describe('cutText', () => {
  it('keeps a text within the length as it is', () => {
    expect(cutText('Agenda semanal', 80)).toBe('Agenda semanal');
    expect(cutText('a'.repeat(80), 80)).toBe('a'.repeat(80));
  });

  it('cuts at the end of the last whole word and adds ...', () => {
    expect(cutText('Organize a semana inteira numa página', 20)).toBe('Organize a semana...');
    // The 21st character is a space: the 20 kept end on a whole word.
    expect(cutText('Organize a semanas e dias', 20)).toBe('Organize a semanas e...');
  });

  it('never leaves a comma or a dash before the dots', () => {
    expect(cutText('Caixas, cestos, etiquetas e muito mais', 16)).toBe('Caixas, cestos...');
    expect(cutText('Planner – semanal e mensal', 10)).toBe('Planner...');
  });

  it('cuts inside a first word longer than the length', () => {
    expect(cutText(`${'a'.repeat(70)}${'b'.repeat(20)}`, 80)).toBe(`${'a'.repeat(70)}${'b'.repeat(10)}...`);
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(cutText('😀😀😀 x', 2)).toBe('😀😀...');
  });
});
