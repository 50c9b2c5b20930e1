-- book.lua: a pandoc filter for the HTML book (book/tools/render_html.py runs it).
--
-- 1. Links between chapters are written as Markdown files (`03-gltf-loader.md`,
--    `02-obj-loader.md#the-deduplication-map`) so that they work on a Git
--    host's web view; in HTML they point at the .html pages instead.
-- 2. A listing of an exercise's reference file (exercises/EXERCISES.tsv) is the
--    exercise's solution: it is folded behind a "Solution" disclosure, so that
--    a reader meets the exercise before its answer.
-- 3. The EPUB is one document of every chapter (render_html.py --epub reads
--    them with --file-scope and names them in the metadata book-chapter-files):
--    each chapter's heading ids get the chapter's file name in front, so that
--    "Run it" in two chapters stays two targets, and a link to a chapter (or to
--    a heading in one) becomes a link inside the book.

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

local epub = FORMAT:match("^epub") ~= nil

function Link(link)
  local target = link.target
  if epub then
    return nil -- Pandoc() below rewrites the links of the EPUB
  end
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

local function is_url(target)
  return target:match("^%a[%w+.-]*:") ~= nil
end

function Pandoc(doc)
  local files = doc.meta["book-chapter-files"]
  if not epub or not files then
    return nil
  end
  local name, number = {}, {}
  for i, f in ipairs(files) do
    name[i] = pandoc.utils.stringify(f)
    number[name[i]] = i
  end
  -- Each chapter starts at its # heading; its blocks run to the next one.
  local chapter_of, title_id, k = {}, {}, 0
  for i, block in ipairs(doc.blocks) do
    if block.t == "Header" and block.level == 1 then
      k = k + 1
      title_id[k] = block.identifier
    end
    chapter_of[i] = math.max(k, 1)
  end
  if k ~= #name then
    error("book.lua: " .. k .. " chapter titles (# headings) in " .. #name .. " chapter files")
  end
  local function id_in(chapter, id)
    return name[chapter]:gsub("%.md$", "") .. "--" .. id
  end
  for i, block in ipairs(doc.blocks) do
    local chapter = chapter_of[i]
    doc.blocks[i] = pandoc.walk_block(pandoc.Div({block}), {
      Header = function(h)
        h.identifier = id_in(chapter, h.identifier)
        return h
      end,
      Link = function(link)
        if is_url(link.target) then
          return nil
        end
        local path, fragment = link.target:match("^([^#]*)#?(.*)$")
        local to = path == "" and chapter or number[path]
        if not to then
          return nil
        end
        link.target = "#" .. id_in(to, fragment ~= "" and fragment or title_id[to])
        return link
      end,
    }).content[1]
  end
  return doc
end
