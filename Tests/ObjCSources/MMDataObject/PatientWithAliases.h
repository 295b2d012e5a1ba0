// The same record from an API that names two keys differently (the README's `setAlias:forPropertyName:` example).

#import <Foundation/Foundation.h>
#import "MMDataObject.h"

@interface PatientWithAliases : MMDataObject

@property (nonatomic, strong) NSString *title;
@property (nonatomic, strong) NSString *name;
@property (nonatomic, strong) NSDate *createdAt;
@property (nonatomic, strong) NSArray *visits;

@end
