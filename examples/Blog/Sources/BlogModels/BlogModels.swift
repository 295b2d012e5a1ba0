// The models are generated into Generated/ from model-generator.yaml.
@_exported import ModelRuntime
