/* Grading tests for exercise ex02.2: obj_dedup_find_or_insert() returns one
 * vertex number per distinct (position, texcoord, normal) triple.
 *
 * Keys that share a home slot are found here by trying triples against
 * obj_dedup_hash(), which the contract fixes; the two triples with the same
 * full 32-bit hash were found offline by a brute-force search (see
 * ex02_2_same_hash_is_not_the_same_key). */
#include "tests/test_util.h"
#include "chapters/02_obj_loader/obj_steps.h"

/* Looks `key` up and fails, naming the key, unless it is vertex `expected`.
 * `why` says what the case is about, for the student reading the message. */
static void expect_vertex(obj_dedup *d, const uint32_t key[3], uint32_t expected, const char *why)
{
    uint32_t got = obj_dedup_find_or_insert(d, key);
    if (got != expected)
        fail_msg("ex02.2: key (%u, %u, %u): expected vertex %u, got %u (%s)", key[0], key[1], key[2], expected, got,
                 why);
}

static void expect_count(const obj_dedup *d, size_t expected, const char *why)
{
    if (d->count != expected)
        fail_msg("ex02.2: d->count: expected %zu, got %zu (%s)", expected, d->count, why);
}

/* Triples (p, 0, 0), p = 1, 2, ..., whose home slot in a table of `capacity`
 * slots is `home`: the first `n` of them go to keys[]. */
static void keys_with_home(size_t capacity, size_t home, uint32_t (*keys)[3], int n)
{
    int found = 0;
    for (uint32_t p = 1; found < n && p < 1000000; p++) {
        uint32_t k[3] = {p, 0, 0};
        if ((obj_dedup_hash(k) & (capacity - 1)) == home)
            memcpy(keys[found++], k, sizeof k);
    }
    if (found < n)
        fail_msg("test setup: only %d keys with home slot %zu found", found, home);
}

static void ex02_2_same_triple_same_vertex(void **state)
{
    (void)state;
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 16));
    expect_vertex(&d, (const uint32_t[3]){1, 2, 3}, 0, "the first triple is vertex 0");
    expect_vertex(&d, (const uint32_t[3]){1, 2, 3}, 0, "seen before: the same vertex");
    expect_vertex(&d, (const uint32_t[3]){3, 2, 1}, 1, "same numbers in another order: another vertex");
    expect_vertex(&d, (const uint32_t[3]){1, 2, 0}, 2, "a new triple");
    expect_vertex(&d, (const uint32_t[3]){3, 2, 1}, 1, "seen before");
    expect_count(&d, 3, "three distinct triples");
    /* keys[v] holds the triple of vertex v. */
    static const uint32_t expected_keys[3][3] = {{1, 2, 3}, {3, 2, 1}, {1, 2, 0}};
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++)
            if (d.keys[v][k] != expected_keys[v][k])
                fail_msg("ex02.2: keys[%d][%d]: expected %u, got %u (keys[v] is the triple of vertex v)", v, k,
                         expected_keys[v][k], d.keys[v][k]);
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
            for (int c = 0; c < 4; c++)
                expect_vertex(&d, faces[f][c], (uint32_t)(f * 4 + c),
                              pass == 0 ? "first pass: numbered in order of first appearance"
                                        : "second pass: every corner was seen before");
    expect_count(&d, 24, "24 distinct corners");
    obj_dedup_free(&d);
}

static void ex02_2_colliding_keys(void **state)
{
    (void)state;
    /* Three keys with the same home slot in a 64-slot table: linear probing
     * must keep all three apart and find each again. */
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 4));
    EXPECT_INT(64, d.capacity);
    uint32_t keys[3][3];
    size_t home = obj_dedup_hash((const uint32_t[3]){1, 0, 0}) & 63;
    keys_with_home(64, home, keys, 3);
    for (uint32_t i = 0; i < 3; i++)
        expect_vertex(&d, keys[i], i, "a new key whose home slot is taken: probe on to a hole");
    for (int i = 2; i >= 0; i--)
        expect_vertex(&d, keys[i], (uint32_t)i, "the same home slot: probe on until the key matches");
    /* Each vertex v sits in exactly one slot, as v + 1. */
    int used = 0;
    for (size_t s = 0; s < d.capacity; s++)
        if (d.slots[s] != 0) {
            used++;
            if (d.slots[s] < 1 || d.slots[s] > 3)
                fail_msg("ex02.2: slots[%zu]: expected 0 or a vertex number + 1 (1..3), got %u", s, d.slots[s]);
        }
    if (used != 3)
        fail_msg("ex02.2: %d slots are in use, expected 3 (one per vertex)", used);
    if (d.slots[home] != 1)
        fail_msg("ex02.2: slots[%zu] (the home slot of key (%u, 0, 0)): expected 1 (vertex 0 + 1), got %u", home,
                 keys[0][0], d.slots[home]);
    obj_dedup_free(&d);
}

static void ex02_2_probing_wraps_to_slot_0(void **state)
{
    (void)state;
    /* Two keys whose home slot is 63, the last of 64: the first takes slot
     * 63, the second must wrap around to slot 0. The test gives the map a
     * slot array one longer than its capacity, so that a walk that runs off
     * the end writes slots[64], where the test can see it (a sanitizer build
     * reports the same mistake in the real table). */
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 4));
    EXPECT_INT(64, d.capacity);
    free(d.slots);
    d.slots = calloc(65, sizeof *d.slots); /* slots[64] is the canary; 2 keys never grow the table */
    EXPECT_TRUE(d.slots != NULL);
    uint32_t keys[2][3];
    keys_with_home(64, 63, keys, 2);
    expect_vertex(&d, keys[0], 0, "home slot 63, the last one");
    expect_vertex(&d, keys[1], 1, "home slot 63 is taken: the walk goes on at slot 0");
    if (d.slots[64] != 0)
        fail_msg("ex02.2: slots[64] was written, one past the end of the 64-slot table: the walk must wrap "
                 "from slot 63 to slot 0 (s = (s + 1) & (capacity - 1))");
    if (d.slots[63] != 1 || d.slots[0] != 2)
        fail_msg("ex02.2: key (%u, 0, 0) has home slot 63, which key (%u, 0, 0) holds: expected it in slots[0] "
                 "(the walk wraps around), got slots[63] = %u, slots[0] = %u",
                 keys[1][0], keys[0][0], d.slots[63], d.slots[0]);
    expect_vertex(&d, keys[1], 1, "found again after wrapping to slot 0");
    expect_vertex(&d, keys[0], 0, "found again in its home slot");
    expect_count(&d, 2, "two distinct triples");
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
        static const char *const differs[3] = {"differs from (5, 5, 5) only in the position, same home slot",
                                               "differs from (5, 5, 5) only in the texcoord, same home slot",
                                               "differs from (5, 5, 5) only in the normal, same home slot"};
        expect_vertex(&d, first, 0, "the first triple");
        expect_vertex(&d, second, 1, differs[k]);
        expect_vertex(&d, first, 0, "seen before");
        expect_vertex(&d, second, 1, differs[k]);
        expect_count(&d, 2, "two distinct triples");
        obj_dedup_free(&d);
    }
}

static void ex02_2_same_hash_is_not_the_same_key(void **state)
{
    (void)state;
    /* (39, 21, 61) and (51, 17, 13) have the same 32-bit hash, 0x3c82eec7.
     * Found offline by brute force: obj_dedup_hash() is a bijection of
     * a*0x9E3779B1 ^ b*0x85EBCA77 ^ c*0xC2B2AE3D (mod 2^32), so a Python
     * script computed that value for every triple in 1..199 cubed and kept the
     * pairs that met (7024 of them; this is the first with all indices < 64).
     * A map that compares hashes instead of the three indices merges them. */
    const uint32_t a[3] = {39, 21, 61}, b[3] = {51, 17, 13};
    EXPECT_INT(0x3c82eec7u, obj_dedup_hash(a));
    EXPECT_INT(0x3c82eec7u, obj_dedup_hash(b));
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 4));
    expect_vertex(&d, a, 0, "the first triple");
    expect_vertex(&d, b, 1, "same hash as (39, 21, 61) but another triple: compare the indices, not the hashes");
    expect_vertex(&d, a, 0, "seen before");
    expect_vertex(&d, b, 1, "seen before");
    expect_count(&d, 2, "two distinct triples");
    obj_dedup_free(&d);
}

static void ex02_2_survives_growth(void **state)
{
    (void)state;
    /* 20000 distinct keys into a map made for 16: it grows many times. Each
     * time it has grown, every key inserted so far (the one whose insertion
     * made it grow included) must still be found under its number: its slot
     * has to be where a lookup in the new table starts looking. */
    obj_dedup d;
    EXPECT_TRUE(obj_dedup_init(&d, 16));
    size_t capacity = d.capacity;
    int growths = 0;
    for (uint32_t i = 0; i < 20000; i++) {
        uint32_t key[3] = {i % 200 + 1, i / 200 + 1, 7};
        expect_vertex(&d, key, i, "a new triple");
        if (d.capacity == capacity)
            continue;
        growths++;
        for (uint32_t j = 0; j <= i; j++) {
            uint32_t old[3] = {j % 200 + 1, j / 200 + 1, 7};
            uint32_t got = obj_dedup_find_or_insert(&d, old);
            if (got != j)
                fail_msg("ex02.2: key (%u, %u, %u): expected vertex %u, got %u (looked up again after the table grew "
                         "from %zu to %zu slots while key (%u, %u, %u) went in: compute the home slot after "
                         "obj_dedup_reserve(), with the new capacity)",
                         old[0], old[1], old[2], j, got, capacity, d.capacity, key[0], key[1], key[2]);
        }
        capacity = d.capacity;
    }
    expect_count(&d, 20000, "20000 distinct triples");
    if (growths < 5)
        fail_msg("ex02.2: the table grew %d times for 20000 keys from 64 slots: call obj_dedup_reserve() first",
                 growths);
    EXPECT_TRUE(d.count <= d.capacity / 4 * 3);
    obj_dedup_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex02.2", ex02_2_same_triple_same_vertex),
        SA_EXERCISE_CASE("ex02.2", ex02_2_cube_corners),
        SA_EXERCISE_CASE("ex02.2", ex02_2_colliding_keys),
        SA_EXERCISE_CASE("ex02.2", ex02_2_probing_wraps_to_slot_0),
        SA_EXERCISE_CASE("ex02.2", ex02_2_keys_differing_in_one_index),
        SA_EXERCISE_CASE("ex02.2", ex02_2_same_hash_is_not_the_same_key),
        SA_EXERCISE_CASE("ex02.2", ex02_2_survives_growth),
    };
    return cmocka_run_group_tests_name("ex02.2 obj_dedup_find_or_insert", tests, NULL, NULL);
}
