-- Runs the perceptron-lab shortcode (its Lua file given as the metadata value `shortcode`)
-- with a stand-in for Quarto's `quarto.doc` (the formats the document is rendered to, and the
-- HTML dependencies it is given), for tests/e2e/quarto.spec.js. Each case's output goes to
-- stdout as one line: CASE <tab> DEPENDENCIES <tab> HTML (a block that is no raw HTML is
-- written as "PARA:" and its text). With the metadata values `kwargs` (lines of name <tab>
-- value) and `formats` (comma-separated) it runs only that one call and writes
-- DEPENDENCIES <tab> HTML: the labs that the spec puts on its page and its slide.
local formats = {}
local dependencies = {}
quarto = {
  doc = {
    is_format = function(f)
      return formats[f] == true
    end,
    add_html_dependency = function(dep)
      local scripts = {}
      for _, s in ipairs(dep.scripts or {}) do
        local attribs = {}
        for k, v in pairs(s.attribs or {}) do
          attribs[#attribs + 1] = k .. "=" .. v
        end
        scripts[#scripts + 1] = s.path .. "[" .. table.concat(attribs, ",") .. (s.afterBody and ",after-body" or "") .. "]"
      end
      dependencies[#dependencies + 1] = dep.name .. "@" .. dep.version .. ":" .. table.concat(scripts, ";")
    end,
  },
}

local function call(kwargs, fmts)
  formats = {}
  for f in fmts:gmatch("[^,]+") do
    formats[f] = true
  end
  dependencies = {}
  local words = {}
  for k, v in pairs(kwargs) do
    words[k] = { pandoc.Str(v) }
  end
  local block = shortcodes["perceptron-lab"]({}, words, {})
  local out
  if block.t == "RawBlock" then
    out = block.text
  else
    out = "PARA:" .. pandoc.utils.stringify(block)
  end
  return table.concat(dependencies, " ") .. "\t" .. out
end

function Pandoc(doc)
  shortcodes = dofile(pandoc.utils.stringify(doc.meta.shortcode))
  if doc.meta.kwargs then
    local kwargs = {}
    for line in pandoc.utils.stringify(doc.meta.kwargs):gmatch("[^\n]+") do
      local k, v = line:match("^([^\t]+)\t(.*)$")
      kwargs[k] = v
    end
    io.stdout:write(call(kwargs, pandoc.utils.stringify(doc.meta.formats)) .. "\n")
    return pandoc.Pandoc({})
  end
  local cases = {
    { "plain", {}, "html,html:js" },
    {
      "all",
      {
        scenario = "v=1&a=perceptron&p=1,1,1;-1,-1,0",
        panels = "trace",
        hide = "settings,theory",
        name = "Seed 000",
        theme = "dark",
        full = "true",
        height = "560px",
      },
      "html,html:js",
    },
    { "hostile", { name = '"><script>alert(1)</script>', height = "1px;background:red" }, "html,html:js" },
    { "slide", { scenario = "v=1&a=perceptron" }, "revealjs,html:js" },
    { "pdf", { scenario = "v=1&a=perceptron" }, "latex,pdf" },
  }
  for _, c in ipairs(cases) do
    io.stdout:write(c[1] .. "\t" .. call(c[2], c[3]) .. "\n")
  end
  return pandoc.Pandoc({})
end
