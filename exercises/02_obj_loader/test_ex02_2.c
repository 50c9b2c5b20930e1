/* Grading tests for exercise ex02.2: obj_dedup_find_or_insert() returns one
 * vertex number per distinct (position, texcoord, normal) triple. */
#include "tests/test_util.h"
#include "chapters/02_obj_loader/obj_steps.h"

static uint32_t insert(obj_dedup *d, uint32_t p, uint32_t t, uint32_t n)
{
    uint32_t key[3] = {p, t, n};
    return obj_dedup_find_or_insert(d, key);
}

static void ex02_2_same_triple_same_vertex(void **state)
{
    (void)state;
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 16));
    EXPECT_INT(0, insert(&d, 1, 2, 3));
    EXPECT_INT(0, insert(&d, 1, 2, 3));
    EXPECT_INT(1, insert(&d, 3, 2, 1)); /* same numbers, other order: another vertex */
    EXPECT_INT(2, insert(&d, 1, 2, 0));
    EXPECT_INT(1, insert(&d, 3, 2, 1));
    EXPECT_INT(3, d.count);
    /* keys[v] holds the triple of vertex v. */
    EXPECT_INT(3, d.keys[1][0]);
    EXPECT_INT(0, d.keys[2][2]);
    obj_dedup_free(&d);
}

static void ex02_2_cube_corners(void **state)
{
    (void)state;
    /* The 24 corners of cube.obj (assets/models): 6 quads, each corner a
     * different (position, texcoord, normal); a second pass over the same
     * corners must add nothing. */
    static const uint32_t faces[6][4][3] = {
        {{1, 1, 1}, {2, 2, 1}, {3, 3, 1}, {4, 4, 1}}, {{6, 1, 2}, {5, 2, 2}, {8, 3, 2}, {7, 4, 2}},
        {{2, 1, 3}, {6, 2, 3}, {7, 3, 3}, {3, 4, 3}}, {{5, 1, 4}, {1, 2, 4}, {4, 3, 4}, {8, 4, 4}},
        {{4, 1, 5}, {3, 2, 5}, {7, 3, 5}, {8, 4, 5}}, {{5, 1, 6}, {6, 2, 6}, {2, 3, 6}, {1, 4, 6}},
    };
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 8));
    for (int pass = 0; pass < 2; pass++)
        for (int f = 0; f < 6; f++)
            for (int c = 0; c < 4; c++) {
                uint32_t v = obj_dedup_find_or_insert(&d, faces[f][c]);
                EXPECT_INT(f * 4 + c, v); /* numbered in order of first appearance */
            }
    EXPECT_INT(24, d.count);
    obj_dedup_free(&d);
}

static void ex02_2_colliding_keys(void **state)
{
    (void)state;
    /* Find three keys with the same home slot in a 64-slot table: linear
     * probing must keep all three apart and find each again. */
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 4));
    EXPECT_INT(64, d.capacity);
    uint32_t keys[3][3], found = 0;
    uint32_t home = obj_dedup_hash((const uint32_t[3]){1, 0, 0}) & 63;
    for (uint32_t p = 1; found < 3 && p < 100000; p++) {
        uint32_t k[3] = {p, 0, 0};
        if ((obj_dedup_hash(k) & 63) == home)
            memcpy(keys[found++], k, sizeof k);
    }
    EXPECT_INT(3, found);
    for (int i = 0; i < 3; i++)
        EXPECT_INT(i, obj_dedup_find_or_insert(&d, keys[i]));
    for (int i = 2; i >= 0; i--)
        EXPECT_INT(i, obj_dedup_find_or_insert(&d, keys[i]));
    /* Each vertex v sits in exactly one slot, as v + 1. */
    int used = 0;
    for (size_t s = 0; s < d.capacity; s++)
        if (d.slots[s] != 0) {
            used++;
            EXPECT_TRUE(d.slots[s] >= 1 && d.slots[s] <= 3);
        }
    EXPECT_INT(3, used);
    EXPECT_TRUE(d.slots[home] != 0);
    obj_dedup_free(&d);
}

static void ex02_2_keys_differing_in_one_index(void **state)
{
    (void)state;
    /* Two triples that differ only in their position, only in their texcoord
     * or only in their normal, with the same home slot: the walk meets the
     * first while looking for the second, and only a comparison of all three
     * indices tells them apart. */
    for (int k = 0; k < 3; k++) {
        obj_dedup d;
        EXPECT_TRUE(obj_dedup_init(&d, 4));
        EXPECT_INT(64, d.capacity);
        uint32_t first[3] = {5, 5, 5}, second[3] = {5, 5, 5};
        uint32_t home = obj_dedup_hash(first) & 63;
        bool found = false;
        for (uint32_t i = 6; !found && i < 100000; i++) {
            second[k] = i;
            found = (obj_dedup_hash(second) & 63) == home;
        }
        EXPECT_TRUE(found);
        EXPECT_INT(0, obj_dedup_find_or_insert(&d, first));
        EXPECT_INT(1, obj_dedup_find_or_insert(&d, second)); /* index k differs: a new vertex */
        EXPECT_INT(0, obj_dedup_find_or_insert(&d, first));
        EXPECT_INT(1, obj_dedup_find_or_insert(&d, second));
        EXPECT_INT(2, d.count);
        obj_dedup_free(&d);
    }
}

static void ex02_2_survives_growth(void **state)
{
    (void)state;
    /* 20000 distinct keys into a map made for 16: it must grow many times
     * and still give back every number. */
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 16));
    for (uint32_t i = 0; i < 20000; i++)
        EXPECT_INT(i, insert(&d, i % 200 + 1, i / 200 + 1, 7));
    for (uint32_t i = 0; i < 20000; i += 7)
        EXPECT_INT(i, insert(&d, i % 200 + 1, i / 200 + 1, 7));
    EXPECT_INT(20000, d.count);
    EXPECT_TRUE(d.count <= d.capacity / 4 * 3);
    obj_dedup_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex02_2_same_triple_same_vertex),
        cmocka_unit_test(ex02_2_cube_corners),
        cmocka_unit_test(ex02_2_colliding_keys),
        cmocka_unit_test(ex02_2_keys_differing_in_one_index),
        cmocka_unit_test(ex02_2_survives_growth),
    };
    return cmocka_run_group_tests_name("ex02.2 obj_dedup_find_or_insert", tests, NULL, NULL);
}
