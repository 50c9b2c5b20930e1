// bench_tinyobj: the comparison for bench_obj. tinyobjloader (Debian's
// libtinyobjloader-dev) reads the file, then its (position, texcoord,
// normal) indices go through the same dedup map as ours (obj_dedup.c) and
// become the same interleaved vertices and 32-bit indices. Prints its time,
// MB/s and peak memory, and the counts (which must equal ours).
#include <tiny_obj_loader.h>

#include <chrono>
#include <cstdio>
#include <vector>
#include <sys/resource.h>
#include <sys/stat.h>

extern "C" {
#include "chapters/02_obj_loader/obj.h"
#include "chapters/02_obj_loader/obj_steps.h"
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_tinyobj FILE.obj\n");
        return 2;
    }
    struct stat st;
    if (stat(argv[1], &st) != 0)
        return 1;
    auto start = std::chrono::steady_clock::now();
    tinyobj::attrib_t attrib;
    std::vector<tinyobj::shape_t> shapes;
    std::vector<tinyobj::material_t> materials;
    std::string warn, err;
    if (!tinyobj::LoadObj(&attrib, &shapes, &materials, &warn, &err, argv[1], nullptr, true)) {
        std::fprintf(stderr, "error: %s\n", err.c_str());
        return 1;
    }
    obj_dedup dedup;
    if (!obj_dedup_init(&dedup, attrib.vertices.size() / 3))
        return 1;
    std::vector<uint32_t> indices;
    for (const auto &shape : shapes)
        for (const auto &i : shape.mesh.indices) {
            uint32_t key[3] = {uint32_t(i.vertex_index + 1), uint32_t(i.texcoord_index + 1),
                               uint32_t(i.normal_index + 1)};
            indices.push_back(obj_dedup_find_or_insert(&dedup, key));
        }
    std::vector<obj_vertex> vertices(dedup.count);
    for (size_t v = 0; v < dedup.count; v++) {
        const uint32_t *k = dedup.keys[v];
        obj_vertex &out = vertices[v];
        for (int c = 0; c < 3; c++)
            out.position[c] = attrib.vertices[3 * (k[0] - 1) + c];
        out.texcoord[0] = k[1] ? attrib.texcoords[2 * (k[1] - 1)] : 0.0f;
        out.texcoord[1] = k[1] ? 1.0f - attrib.texcoords[2 * (k[1] - 1) + 1] : 0.0f;
        for (int c = 0; c < 3; c++)
            out.normal[c] = k[2] ? attrib.normals[3 * (k[2] - 1) + c] : 0.0f;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    std::printf("tinyobjloader + dedup: %.3f s, %.0f MB/s, peak %.1f MB; %zu vertices, %zu triangles\n", seconds,
                double(st.st_size) / 1e6 / seconds, double(ru.ru_maxrss) / 1024.0, vertices.size(),
                indices.size() / 3);
    obj_dedup_free(&dedup);
    return 0;
}
