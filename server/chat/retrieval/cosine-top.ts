/** The vector scaled to length 1 (a zero vector stays zero). */
export function normalized(vector: ArrayLike<number>): Float32Array {
  let sum = 0
  for (let index = 0; index < vector.length; index += 1) sum += (vector[index] ?? 0) ** 2
  const length = Math.sqrt(sum) || 1
  return Float32Array.from(vector, (value) => value / length)
}

export interface CosineTopOptions {
  matrix: Float32Array
  dimensions: number
  query: Float32Array
  limit: number
  minSimilarity: number
}

/**
 * Exact nearest neighbours by cosine similarity: rows of `matrix` (normalised, `dimensions` wide)
 * against a normalised query. Returns the best `limit` row indexes at or above `minSimilarity`.
 */
export function cosineTop({
  matrix,
  dimensions,
  query,
  limit,
  minSimilarity,
}: CosineTopOptions): { row: number; similarity: number }[] {
  const best: { row: number; similarity: number }[] = []
  const rows = matrix.length / dimensions
  for (let row = 0; row < rows; row += 1) {
    let dot = 0
    const offset = row * dimensions
    for (let column = 0; column < dimensions; column += 1)
      dot += (matrix[offset + column] as number) * (query[column] as number)
    if (dot < minSimilarity) continue
    if (best.length === limit && dot <= (best[best.length - 1] as { similarity: number }).similarity) continue
    // Insert in order; limit is small (tens), so this beats a heap in practice.
    let position = best.length
    while (position > 0 && (best[position - 1] as { similarity: number }).similarity < dot) position -= 1
    best.splice(position, 0, { row, similarity: dot })
    if (best.length > limit) best.pop()
  }
  return best
}
