/* Build a graph, apply a batch, read the summary (README.md shows this file). */
#include <stdio.h>

#include <dyng/dyng.h>

int main(void) {
    int32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0}, w[] = {5, 3, 7};    /* 0->1, 1->2, 2->0 */
    int32_t ins_src[] = {2, 0}, ins_dst[] = {3, 1}, ins_w[] = {4, 9}; /* 2->3 is new, 0->1 not */
    int32_t del_src[] = {1}, del_dst[] = {2};
    dyng_graph_properties p;
    dyng_graph *g = NULL;
    dyng_batch *b = NULL;
    dyng_apply_summary s;
    dyng_properties_default(&p); /* directed, sorted rows, in-edges stored */
    p.num_weights = 1;
    if (dyng_graph_from_edges(&g, &p, -1, 3, src, dst, w, NULL) != DYNG_OK ||
        dyng_batch_new(&b, DYNG_TYPE_INT32, 1) != DYNG_OK ||
        dyng_batch_add_insertions(b, 2, ins_src, ins_dst, ins_w) != DYNG_OK ||
        dyng_batch_add_deletions(b, 1, del_src, del_dst) != DYNG_OK ||
        dyng_graph_apply(g, b, &s) != DYNG_OK) {
        fprintf(stderr, "dyng: %s\n", dyng_error_message());
        return 1;
    }
    printf("inserted %lld, updated %lld, deleted %lld: %lld vertices, %lld edges, version %llu\n",
           (long long)s.inserted, (long long)s.updated, (long long)s.deleted,
           (long long)s.num_vertices, (long long)s.num_edges, (unsigned long long)s.version);
    dyng_batch_free(&b);
    dyng_graph_free(&g);
    return 0;
}
