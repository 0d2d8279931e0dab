import { describe, expect, it } from "vitest";
import { offsetInfo, pageInfo, pageWindow } from "./pagination.ts";
import { OffsetPagination, PageQuery, Pagination } from "./schemas.ts";

describe("pagination objects", () => {
  it("pageInfo is the spec's {page, limit, totalCount, totalPages, hasNextPage, hasPrevPage}", () => {
    expect(pageInfo({ page: 2, limit: 20, totalCount: 45 })).toEqual({
      page: 2,
      limit: 20,
      totalCount: 45,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: true,
    });
    expect(pageInfo({ page: 3, limit: 20, totalCount: 45 })).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    expect(pageInfo({ page: 1, limit: 20, totalCount: 0 })).toEqual({
      page: 1,
      limit: 20,
      totalCount: 0,
      totalPages: 0,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(Pagination.parse(pageInfo({ page: 1, limit: 5, totalCount: 5 }))).toBeTruthy();
  });

  it("pageWindow skips whole pages", () => {
    expect(pageWindow({ page: 3, limit: 50 })).toEqual({ skip: 100, take: 50 });
  });

  it("offsetInfo is the campaign user-event object {limit, offset, total, hasMore}", () => {
    expect(offsetInfo({ limit: 10, offset: 0, total: 25 })).toEqual({ limit: 10, offset: 0, total: 25, hasMore: true });
    expect(offsetInfo({ limit: 10, offset: 20, total: 25 })).toEqual({ limit: 10, offset: 20, total: 25, hasMore: false });
    expect(OffsetPagination.parse(offsetInfo({ limit: 10, offset: 10, total: 20 }))).toEqual({ limit: 10, offset: 10, total: 20, hasMore: false });
  });

  it("PageQuery defaults, coerces query strings, and rejects limits outside 1..100", () => {
    expect(PageQuery(50).parse({})).toEqual({ page: 1, limit: 50 });
    expect(PageQuery().parse({ page: "2", limit: "100" })).toEqual({ page: 2, limit: 100 });
    expect(PageQuery().safeParse({ limit: "101" }).success).toBe(false);
    expect(PageQuery().safeParse({ page: "0" }).success).toBe(false);
  });
});
