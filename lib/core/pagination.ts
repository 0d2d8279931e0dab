import type { Pagination } from "./schemas.ts";

/** The spec's page-based pagination object. */
export const pageInfo = ({ page, limit, totalCount }: { page: number; limit: number; totalCount: number }): Pagination => {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, limit, totalCount, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
};

/** skip/take for a page. */
export const pageWindow = ({ page, limit }: { page: number; limit: number }) => ({ skip: (page - 1) * limit, take: limit });

/** The campaign user-event pagination object. */
export const offsetInfo = ({ limit, offset, total }: { limit: number; offset: number; total: number }) => ({
  limit,
  offset,
  total,
  hasMore: offset + limit < total,
});
