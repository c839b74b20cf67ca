// The shared call behaviour's messages (storefront.md §8), in pt-PT as ARCHITECTURE.md decides. Kept apart from
// the other messages: the browser's API client is on every page and needs only these.
export const callMessages = {
  unavailable: 'O servidor está temporariamente indisponível. Por favor, tente novamente mais tarde.',
  tooManyRequests: 'Demasiados pedidos. Por favor, tente novamente mais tarde.',
  unexpected: 'Ocorreu um erro inesperado.',
  connection: 'Não foi possível conectar ao servidor. Por favor, tente novamente mais tarde.',
} as const;
