/** The longest id any record is named by (club, tournament, entry, structure, ...): the API's ids and the domain's references agree. */
export const MAX_ID_LENGTH = 128;
