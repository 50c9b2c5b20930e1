-- book.lua: a pandoc filter for the HTML book (book/tools/render_html.py runs it).
--
-- 1. Links between chapters are written as Markdown files (`03-gltf-loader.md`,
--    `02-obj-loader.md#the-deduplication-map`) so that they work on a Git
--    host's web view; in HTML they point at the .html pages instead.
-- 2. A listing of an exercise's reference file (exercises/EXERCISES.tsv) is the
--    exercise's solution: it is folded behind a "Solution" disclosure, so that
--    a reader meets the exercise before its answer.

local solutions = {}

local function read_solutions()
  local dir = PANDOC_SCRIPT_FILE:match("^(.*)[/\\]") or "."
  local f = io.open(dir .. "/../../exercises/EXERCISES.tsv", "r")
  if not f then
    return
  end
  for line in f:lines() do
    local id, reference = line:match("^(ex[%d%.]+)\t([^\t]+)")
    if id then
      solutions[reference] = id
    end
  end
  f:close()
end

read_solutions()

function Link(link)
  local target = link.target
  -- Only relative links to Markdown files; not URLs (http:, mailto:) or anchors in this page.
  if target:match("^%a[%w+.-]*:") or target:match("^#") then
    return nil
  end
  local path, fragment = target:match("^([^#]*)(.*)$")
  if path:match("%.md$") then
    link.target = path:gsub("%.md$", ".html") .. fragment
    return link
  end
  return nil
end

function Blocks(blocks)
  local out = pandoc.List()
  local i = 1
  while i <= #blocks do
    local block, following = blocks[i], blocks[i + 1]
    local source = nil
    if block.t == "RawBlock" and block.format == "html" and following and following.t == "CodeBlock" then
      source = block.text:match("^<!%-%- listing: (%S+) %S+ %-%->")
    end
    local id = source and solutions[source]
    if id then
      out:insert(pandoc.RawBlock("html", '<details class="solution"><summary>Solution of exercise ' .. id ..
        ' (<code>' .. source .. '</code>): try it yourself first</summary>'))
      out:insert(following)
      out:insert(pandoc.RawBlock("html", "</details>"))
      i = i + 2
    else
      out:insert(block)
      i = i + 1
    end
  end
  return out
end
